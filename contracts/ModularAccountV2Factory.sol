// SPDX-License-Identifier: MIT
// Test double for the local devnet only — implements the public interface of the ModularAccountV2 AccountFactory
// (semi-modular accounts); production uses the canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

import {ModularAccountV2} from "./ModularAccountV2.sol";

/// @notice Deploys ModularAccountV2 clones: `createSemiModularAccount(owner, salt)` and
/// `getAddressSemiModular(owner, salt)`, the factory functions of the canonical AccountFactory the kit uses.
contract ModularAccountV2Factory {
    ModularAccountV2 public immutable ACCOUNT_IMPLEMENTATION;

    constructor(IEntryPoint entryPoint_) {
        ACCOUNT_IMPLEMENTATION = new ModularAccountV2(entryPoint_);
    }

    function createSemiModularAccount(address owner, uint256 salt) external returns (ModularAccountV2 account) {
        address predicted = getAddressSemiModular(owner, salt);
        if (predicted.code.length > 0) return ModularAccountV2(payable(predicted));
        account = ModularAccountV2(
            payable(Clones.cloneDeterministic(address(ACCOUNT_IMPLEMENTATION), _salt(owner, salt)))
        );
        account.initialize(owner);
    }

    function getAddressSemiModular(address owner, uint256 salt) public view returns (address) {
        return Clones.predictDeterministicAddress(address(ACCOUNT_IMPLEMENTATION), _salt(owner, salt));
    }

    function _salt(address owner, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }
}
