// SPDX-License-Identifier: MIT
// Test double for the local devnet only — implements the public interface of MultiOwnerModularAccount; production
// uses the canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

import {ModularAccountCore} from "./common/ModularAccountCore.sol";
import {OwnerSet} from "./common/OwnerSet.sol";
import {SignerSignatures} from "./common/SignerSignatures.sol";

/// @notice A modular account validated by a set of owners: each member signs alone (threshold 1).
///
/// Conventions (ours, documented in contracts/README.md):
/// - signatures are a bare 65-byte ECDSA signature (r ‖ s ‖ v) of any owner;
/// - user operation: over the EIP-191 form of the userOpHash;
/// - ERC-1271: over the EIP-712 digest of ModularAccountMessage(bytes message) with message = abi.encode(hash),
///   in the domain {name: "MultiOwnerModularAccount", version: "1", chainId, verifyingContract: this account}.
contract MultiOwnerModularAccount is ModularAccountCore, OwnerSet {
    bytes32 private constant _DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant _MESSAGE_TYPEHASH = keccak256("ModularAccountMessage(bytes message)");

    constructor(IEntryPoint entryPoint_) ModularAccountCore(entryPoint_) {}

    function initialize(address[] calldata owners_) external initializer {
        _updateOwners(owners_, new address[](0));
    }

    function updateOwners(address[] calldata ownersToAdd, address[] calldata ownersToRemove)
        external
        onlySelfOrOwner
    {
        _updateOwners(ownersToAdd, ownersToRemove);
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(
            abi.encode(
                _DOMAIN_TYPEHASH,
                keccak256("MultiOwnerModularAccount"),
                keccak256("1"),
                block.chainid,
                address(this)
            )
        );
    }

    /// @notice The digest an owner signs for ERC-1271.
    function getMessageHash(bytes memory message) public view returns (bytes32) {
        return MessageHashUtils.toTypedDataHash(
            domainSeparator(), keccak256(abi.encode(_MESSAGE_TYPEHASH, keccak256(message)))
        );
    }

    function _validateUserOpSignature(bytes calldata signature, bytes32 userOpHash)
        internal
        view
        override
        returns (uint256)
    {
        address signer = SignerSignatures.recoverEoa(MessageHashUtils.toEthSignedMessageHash(userOpHash), signature);
        return signer != address(0) && isOwner(signer) ? SIG_VALIDATION_SUCCESS : SIG_VALIDATION_FAILED;
    }

    function _isValidSignature(bytes32 hash, bytes calldata signature) internal view override returns (bool) {
        address signer = SignerSignatures.recoverEoa(getMessageHash(abi.encode(hash)), signature);
        return signer != address(0) && isOwner(signer);
    }

    function _isOwner(address candidate) internal view override returns (bool) {
        return isOwner(candidate);
    }
}
