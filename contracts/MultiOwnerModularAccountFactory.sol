// SPDX-License-Identifier: MIT
// Test double for the local devnet only — implements the public interface of MultiOwnerModularAccountFactory;
// production uses the canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

import {MultiOwnerModularAccount} from "./MultiOwnerModularAccount.sol";
import {SortedOwners} from "./common/SortedOwners.sol";

/// @notice Deploys MultiOwnerModularAccount clones. As in the canonical factory the salt comes first:
/// `createAccount(salt, owners)`, `getAddress(salt, owners)`; owners must be strictly ascending.
contract MultiOwnerModularAccountFactory {
    MultiOwnerModularAccount public immutable ACCOUNT_IMPLEMENTATION;

    constructor(IEntryPoint entryPoint_) {
        ACCOUNT_IMPLEMENTATION = new MultiOwnerModularAccount(entryPoint_);
    }

    function createAccount(uint256 salt, address[] calldata owners) external returns (address) {
        address predicted = getAddress(salt, owners);
        if (predicted.code.length > 0) return predicted;
        MultiOwnerModularAccount account = MultiOwnerModularAccount(
            payable(Clones.cloneDeterministic(address(ACCOUNT_IMPLEMENTATION), _salt(salt, owners)))
        );
        account.initialize(owners);
        return address(account);
    }

    function getAddress(uint256 salt, address[] calldata owners) public view returns (address) {
        SortedOwners.check(owners);
        return Clones.predictDeterministicAddress(address(ACCOUNT_IMPLEMENTATION), _salt(salt, owners));
    }

    function _salt(uint256 salt, address[] calldata owners) private pure returns (bytes32) {
        return keccak256(abi.encode(salt, owners));
    }
}
