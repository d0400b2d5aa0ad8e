// Default fee estimate for a user operation: the provider's priority fee (rundler_maxPriorityFeePerGas, else the
// node's eth_maxPriorityFeePerGas) plus 1.5 × the latest base fee.
import { type Chain, type Client, type Transport, hexToBigInt } from "viem";
import { getBlock } from "viem/actions";

/** Fee fields of a user operation (max fee and max priority fee per gas). */
export interface UserOperationFees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** Clients whose bundler does not serve rundler_maxPriorityFeePerGas: ask the node straight away next time. */
const withoutRundler = new WeakSet<object>();

async function priorityFee(client: Client<Transport, Chain>): Promise<bigint> {
  if (!withoutRundler.has(client)) {
    try {
      const fee = await client.request({ method: "rundler_maxPriorityFeePerGas" as "eth_maxPriorityFeePerGas" });
      return hexToBigInt(fee);
    } catch {
      withoutRundler.add(client);
    }
  }
  return hexToBigInt(await client.request({ method: "eth_maxPriorityFeePerGas" }));
}

/** Current fees for a user operation on the client's chain. */
export async function estimateUserOperationFees(client: Client<Transport, Chain>): Promise<UserOperationFees> {
  const [block, maxPriorityFeePerGas] = await Promise.all([getBlock(client, { blockTag: "latest" }), priorityFee(client)]);
  const baseFee = block.baseFeePerGas ?? 0n;
  return { maxPriorityFeePerGas, maxFeePerGas: (baseFee * 3n) / 2n + maxPriorityFeePerGas };
}
