// SPDX-License-Identifier: MIT
// Test double for the local devnet only — implements the public interface of LightAccount v2; production uses the
// canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";

import {LightAccountCore} from "./common/LightAccountCore.sol";

/// @notice A single-owner ERC-4337 v0.7 account: `owner()`, `transferOwnership`, `execute`, `executeBatch`,
/// ERC-1271 with the signature-type prefix byte (0x00 = EOA owner).
contract LightAccount is LightAccountCore {
    address private _owner;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error InvalidOwner(address owner);

    constructor(IEntryPoint entryPoint_) LightAccountCore(entryPoint_) {}

    function initialize(address owner_) external initializer {
        _transferOwnership(owner_);
    }

    function owner() external view returns (address) {
        return _owner;
    }

    function transferOwnership(address newOwner) external onlySelfOrOwner {
        _transferOwnership(newOwner);
    }

    function _transferOwnership(address newOwner) private {
        if (newOwner == address(0) || newOwner == address(this)) revert InvalidOwner(newOwner);
        emit OwnershipTransferred(_owner, newOwner);
        _owner = newOwner;
    }

    function _isOwner(address candidate) internal view override returns (bool) {
        return candidate == _owner;
    }

    function _domainName() internal pure override returns (string memory) {
        return "LightAccount";
    }
}
