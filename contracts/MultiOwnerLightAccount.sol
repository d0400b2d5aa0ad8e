// SPDX-License-Identifier: MIT
// Test double for the local devnet only — implements the public interface of MultiOwnerLightAccount; production
// uses the canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";

import {LightAccountCore} from "./common/LightAccountCore.sol";
import {OwnerSet} from "./common/OwnerSet.sol";

/// @notice LightAccount with an owner set: any owner signs user operations and ERC-1271 messages
/// (threshold 1); `updateOwners(ownersToAdd, ownersToRemove)` changes the set.
contract MultiOwnerLightAccount is LightAccountCore, OwnerSet {
    constructor(IEntryPoint entryPoint_) LightAccountCore(entryPoint_) {}

    function initialize(address[] calldata owners_) external initializer {
        _updateOwners(owners_, new address[](0));
    }

    function updateOwners(address[] calldata ownersToAdd, address[] calldata ownersToRemove)
        external
        onlySelfOrOwner
    {
        _updateOwners(ownersToAdd, ownersToRemove);
    }

    function _isOwner(address candidate) internal view override returns (bool) {
        return isOwner(candidate);
    }

    function _domainName() internal pure override returns (string memory) {
        return "MultiOwnerLightAccount";
    }
}
