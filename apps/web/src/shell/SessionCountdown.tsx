import { Text } from "@mantine/core";
import { redirectNotice, SESSION_EXPIRY_COUNTDOWN_SECONDS } from "@office/core";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { signOutToLogin } from "../services/sign-out";

/** After a 401: counts 15 seconds down, then logs out and goes to login. */
export function SessionCountdown() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(SESSION_EXPIRY_COUNTDOWN_SECONDS);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const elapsed = Math.floor((Date.now() - started) / 1000);
      setLeft(Math.max(0, SESSION_EXPIRY_COUNTDOWN_SECONDS - elapsed));
    }, 250);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left > 0) return;
    void signOutToLogin(navigate, { replace: true });
  }, [left, navigate]);

  return (
    <Text role="timer" aria-live="off">
      {redirectNotice(left)}
    </Text>
  );
}
