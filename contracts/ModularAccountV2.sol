// SPDX-License-Identifier: MIT
// Test double for the local devnet only — implements the public interface of ModularAccountV2; production uses the
// canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

import {ModularAccountCore} from "./common/ModularAccountCore.sol";
import {SignerSignatures} from "./common/SignerSignatures.sol";

/// @notice A semi-modular account with one owner validated by ECDSA (the "fallback signer" validation).
///
/// Conventions (ours, documented in contracts/README.md):
/// - every signature starts with the validation selector 0xFF (the owner validation) then the signature-type
///   byte (0x00 = EOA owner, 0x01 ‖ address = contract owner), then the signature;
/// - user operation: over the EIP-191 form of the userOpHash;
/// - ERC-1271: over the EIP-712 digest of ReplaySafeHash(bytes32 hash) in the domain
///   {chainId, verifyingContract: this account}.
contract ModularAccountV2 is ModularAccountCore {
    bytes1 internal constant OWNER_VALIDATION = 0xFF;
    bytes32 private constant _DOMAIN_TYPEHASH = keccak256("EIP712Domain(uint256 chainId,address verifyingContract)");
    bytes32 private constant _REPLAY_SAFE_HASH_TYPEHASH = keccak256("ReplaySafeHash(bytes32 hash)");

    address private _owner;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error InvalidOwner(address owner);

    constructor(IEntryPoint entryPoint_) ModularAccountCore(entryPoint_) {}

    function initialize(address owner_) external initializer {
        _transferOwnership(owner_);
    }

    function owner() external view returns (address) {
        return _owner;
    }

    function transferOwnership(address newOwner) external onlySelfOrOwner {
        _transferOwnership(newOwner);
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(_DOMAIN_TYPEHASH, block.chainid, address(this)));
    }

    /// @notice The digest the owner signs for ERC-1271.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        return MessageHashUtils.toTypedDataHash(
            domainSeparator(), keccak256(abi.encode(_REPLAY_SAFE_HASH_TYPEHASH, hash))
        );
    }

    function _validateUserOpSignature(bytes calldata signature, bytes32 userOpHash)
        internal
        view
        override
        returns (uint256)
    {
        return _ownerSigned(MessageHashUtils.toEthSignedMessageHash(userOpHash), signature)
            ? SIG_VALIDATION_SUCCESS
            : SIG_VALIDATION_FAILED;
    }

    function _isValidSignature(bytes32 hash, bytes calldata signature) internal view override returns (bool) {
        return _ownerSigned(replaySafeHash(hash), signature);
    }

    function _ownerSigned(bytes32 digest, bytes calldata signature) private view returns (bool) {
        if (signature.length < 2 || signature[0] != OWNER_VALIDATION) return false;
        address signer = SignerSignatures.recoverSigner(digest, signature[1:]);
        return signer != address(0) && signer == _owner;
    }

    function _transferOwnership(address newOwner) private {
        if (newOwner == address(0) || newOwner == address(this)) revert InvalidOwner(newOwner);
        emit OwnershipTransferred(_owner, newOwner);
        _owner = newOwner;
    }

    function _isOwner(address candidate) internal view override returns (bool) {
        return candidate == _owner;
    }
}
