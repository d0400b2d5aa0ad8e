"use client";
import { useState } from "react";
import { encodeFunctionData, parseAbi, type Address } from "viem";
import { useAuthModal, useLogout, useSendUserOperation, useSignerStatus, useSmartAccountClient, useUser } from "@account-kit/react";

const nft = process.env.NEXT_PUBLIC_NFT_ADDRESS as Address;
const abi = parseAbi(["function mintTo(address to)", "function balanceOf(address owner) view returns (uint256)"]);

export default function Home() {
  const user = useUser();
  const { openAuthModal } = useAuthModal();
  const signerStatus = useSignerStatus();
  const { logout } = useLogout();
  const { client } = useSmartAccountClient({});
  const [owned, setOwned] = useState<bigint>();

  const { sendUserOperation, sendUserOperationResult, isSendingUserOperation, error } = useSendUserOperation({
    client,
    waitForTxn: true,
    onSuccess: async () => {
      if (!client) return;
      setOwned(await client.readContract({ address: nft, abi, functionName: "balanceOf", args: [client.account.address] }));
    },
  });

  const mint = () => {
    if (!client) return;
    sendUserOperation({ uo: { target: nft, data: encodeFunctionData({ abi, functionName: "mintTo", args: [client.account.address] }) } });
  };

  return (
    <main>
      <h1>NFT mint</h1>
      <p data-testid="status">{signerStatus.status}</p>
      {signerStatus.isInitializing ? (
        <p>Loading…</p>
      ) : signerStatus.isConnected && user ? (
        <>
          <p data-testid="email">{user.email ?? "anonymous"}</p>
          {client && <p data-testid="account">{client.account.address}</p>}
          <button onClick={mint} disabled={!client || isSendingUserOperation}>
            {isSendingUserOperation ? "Minting…" : "Mint"}
          </button>
          {sendUserOperationResult && (
            <a data-testid="tx" href={`https://sepolia.etherscan.io/tx/${sendUserOperationResult.hash}`}>
              {sendUserOperationResult.hash}
            </a>
          )}
          {owned !== undefined && <p data-testid="owned">You own {owned.toString()}</p>}
          {error && <p role="alert">{error.message}</p>}
          <button onClick={() => logout()}>Log out</button>
        </>
      ) : (
        <button onClick={openAuthModal}>Login</button>
      )}
    </main>
  );
}
