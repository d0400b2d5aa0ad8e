"use client";
import { useSignerStatus, useUser } from "latch-kit/react";

export function Account() {
  const user = useUser();
  const { status } = useSignerStatus();
  return (
    <section>
      <p data-testid="status">{status}</p>
      {user ? <p data-testid="address">{user.address}</p> : <p>signed out</p>}
    </section>
  );
}
