// SPDX-License-Identifier: MIT
// Test double for the local devnet only — the part LightAccount v2 and MultiOwnerLightAccount share; production
// uses the canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

import {AccountCore} from "./AccountCore.sol";
import {SignerSignatures} from "./SignerSignatures.sol";

/// @notice The LightAccount v2 public interface: `execute`, the two `executeBatch` forms, and signatures with
/// the signature-type prefix byte (see SignerSignatures).
///
/// Conventions (ours, documented in contracts/README.md):
/// - user operation: signature = type ‖ sig over the EIP-191 form of the userOpHash;
/// - ERC-1271: isValidSignature(hash, type ‖ sig) where sig signs the EIP-712 digest of
///   LightAccountMessage(bytes message) with message = abi.encode(hash), in the domain
///   {name: _domainName(), version: "2", chainId, verifyingContract: this account}.
abstract contract LightAccountCore is AccountCore {
    bytes32 private constant _DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant _LA_MSG_TYPEHASH = keccak256("LightAccountMessage(bytes message)");

    constructor(IEntryPoint entryPoint_) AccountCore(entryPoint_) {}

    function execute(address dest, uint256 value, bytes calldata func) external onlyAuthorized {
        _call(dest, value, func);
    }

    function executeBatch(address[] calldata dest, bytes[] calldata func) external onlyAuthorized {
        if (dest.length != func.length) revert ArrayLengthMismatch();
        for (uint256 i = 0; i < dest.length; i++) {
            _call(dest[i], 0, func[i]);
        }
    }

    function executeBatch(address[] calldata dest, uint256[] calldata value, bytes[] calldata func)
        external
        onlyAuthorized
    {
        if (dest.length != func.length || dest.length != value.length) revert ArrayLengthMismatch();
        for (uint256 i = 0; i < dest.length; i++) {
            _call(dest[i], value[i], func[i]);
        }
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(
            abi.encode(
                _DOMAIN_TYPEHASH, keccak256(bytes(_domainName())), keccak256("2"), block.chainid, address(this)
            )
        );
    }

    /// @notice The digest an owner signs for ERC-1271: EIP-712 over LightAccountMessage(bytes message).
    function getMessageHash(bytes memory message) public view returns (bytes32) {
        bytes32 structHash = keccak256(abi.encode(_LA_MSG_TYPEHASH, keccak256(message)));
        return MessageHashUtils.toTypedDataHash(domainSeparator(), structHash);
    }

    function _validateUserOpSignature(bytes calldata signature, bytes32 userOpHash)
        internal
        view
        override
        returns (uint256)
    {
        address signer =
            SignerSignatures.recoverSigner(MessageHashUtils.toEthSignedMessageHash(userOpHash), signature);
        return signer != address(0) && _isOwner(signer) ? SIG_VALIDATION_SUCCESS : SIG_VALIDATION_FAILED;
    }

    function _isValidSignature(bytes32 hash, bytes calldata signature) internal view override returns (bool) {
        address signer = SignerSignatures.recoverSigner(getMessageHash(abi.encode(hash)), signature);
        return signer != address(0) && _isOwner(signer);
    }

    function _domainName() internal pure virtual returns (string memory);
}
