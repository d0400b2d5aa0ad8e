// SPDX-License-Identifier: MIT
// Test double for the local devnet only — implements the public interface of LightAccountFactory (v2); production
// uses the canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

import {LightAccount} from "./LightAccount.sol";

/// @notice Deploys LightAccount clones at CREATE2 addresses derived from (owner, salt).
contract LightAccountFactory {
    LightAccount public immutable ACCOUNT_IMPLEMENTATION;

    constructor(IEntryPoint entryPoint_) {
        ACCOUNT_IMPLEMENTATION = new LightAccount(entryPoint_);
    }

    /// @notice Deploys the account, or returns it if it already exists (the EntryPoint may call this again).
    function createAccount(address owner, uint256 salt) external returns (LightAccount account) {
        address predicted = getAddress(owner, salt);
        if (predicted.code.length > 0) return LightAccount(payable(predicted));
        account = LightAccount(
            payable(Clones.cloneDeterministic(address(ACCOUNT_IMPLEMENTATION), _salt(owner, salt)))
        );
        account.initialize(owner);
    }

    /// @notice The counterfactual address `createAccount(owner, salt)` deploys to.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Clones.predictDeterministicAddress(address(ACCOUNT_IMPLEMENTATION), _salt(owner, salt));
    }

    function _salt(address owner, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }
}
