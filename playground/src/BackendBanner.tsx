import { useEffect, useState } from "react";
import { styles } from "./styles";

/** Says how to start the emulator when it does not answer. */
export function BackendBanner() {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let stopped = false;
    const check = () =>
      fetch(`${__EMULATOR_URL__}/health`)
        .then((r) => !stopped && setDown(!r.ok))
        .catch(() => !stopped && setDown(true));
    void check();
    const timer = setInterval(check, 5000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (!down) return null;
  return (
    <div role="alert" className={styles.banner}>
      The local emulator at {__EMULATOR_URL__} is not running. Start everything with <code>npm start</code>, or only the
      emulator with <code>npm run emulator</code>.
    </div>
  );
}
