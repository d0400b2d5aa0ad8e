// SPDX-License-Identifier: MIT
// Test double for the local devnet only — implements the public interface of MultiOwnerLightAccountFactory;
// production uses the canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

import {MultiOwnerLightAccount} from "./MultiOwnerLightAccount.sol";
import {SortedOwners} from "./common/SortedOwners.sol";

/// @notice Deploys MultiOwnerLightAccount clones at CREATE2 addresses derived from (owners, salt); owners must
/// be strictly ascending.
contract MultiOwnerLightAccountFactory {
    MultiOwnerLightAccount public immutable ACCOUNT_IMPLEMENTATION;

    constructor(IEntryPoint entryPoint_) {
        ACCOUNT_IMPLEMENTATION = new MultiOwnerLightAccount(entryPoint_);
    }

    function createAccount(address[] calldata owners, uint256 salt) external returns (MultiOwnerLightAccount account) {
        address predicted = getAddress(owners, salt);
        if (predicted.code.length > 0) return MultiOwnerLightAccount(payable(predicted));
        account = MultiOwnerLightAccount(
            payable(Clones.cloneDeterministic(address(ACCOUNT_IMPLEMENTATION), _salt(owners, salt)))
        );
        account.initialize(owners);
    }

    /// @notice A single-owner convenience, as the canonical factory offers.
    function createAccountSingle(address owner, uint256 salt) external returns (MultiOwnerLightAccount) {
        address[] memory owners = new address[](1);
        owners[0] = owner;
        return this.createAccount(owners, salt);
    }

    function getAddress(address[] calldata owners, uint256 salt) public view returns (address) {
        SortedOwners.check(owners);
        return Clones.predictDeterministicAddress(address(ACCOUNT_IMPLEMENTATION), _salt(owners, salt));
    }

    function _salt(address[] calldata owners, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owners, salt));
    }
}
