// SPDX-License-Identifier: MIT
// Test double for the local devnet only — shared signature helpers of our account doubles; production uses the
// canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/// @notice Signature-type prefixed owner signatures, as the LightAccount v2 interface defines them:
///   0x00 ‖ r ‖ s ‖ v              an EOA owner's ECDSA signature over the digest;
///   0x01 ‖ owner (20 bytes) ‖ sig a contract owner's ERC-1271 signature over the digest.
/// `recoverSigner` never reverts on malformed input: it returns address(0), so validation reports failure
/// (what the EntryPoint expects during simulation with a stub signature).
library SignerSignatures {
    bytes1 internal constant EOA = 0x00;
    bytes1 internal constant CONTRACT = 0x01;

    /// @return signer the EOA recovered, or the contract owner whose ERC-1271 check passed, else address(0).
    function recoverSigner(bytes32 digest, bytes calldata typedSignature) internal view returns (address signer) {
        if (typedSignature.length < 1) return address(0);
        bytes1 signatureType = typedSignature[0];
        if (signatureType == EOA) return recoverEoa(digest, typedSignature[1:]);
        if (signatureType == CONTRACT && typedSignature.length >= 21) {
            address contractOwner = address(bytes20(typedSignature[1:21]));
            if (SignatureChecker.isValidERC1271SignatureNow(contractOwner, digest, typedSignature[21:])) {
                return contractOwner;
            }
        }
        return address(0);
    }

    /// @return the address that signed `digest` with a 65-byte ECDSA signature, else address(0).
    function recoverEoa(bytes32 digest, bytes calldata signature) internal pure returns (address) {
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecover(digest, signature);
        return err == ECDSA.RecoverError.NoError ? recovered : address(0);
    }
}
