import { Center, Loader } from "@mantine/core";

/** What shows while the first route's code and guard load. */
export function PageLoading() {
  return (
    <Center mih="60vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
