import { Notifications } from "@mantine/notifications";

/** Where toasts show (services/toast.tsx puts them in Mantine's store). */
export function Toasts() {
  return <Notifications position="top-right" />;
}
