// A server component: it renders Latch's AuthCard directly (the React entry is a client module).
import { AuthCard } from "latch-kit/react";
import { Account } from "./account";

export default function Home() {
  return (
    <main>
      <h1>Latch on Next</h1>
      <Account />
      <AuthCard />
    </main>
  );
}
