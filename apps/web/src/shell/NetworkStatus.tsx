import { Badge, ColorSwatch } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";

/**
 * Whether the browser is online, announced politely when it changes; on a phone (`compact`) a
 * coloured dot, its words for screen readers and as its title (the hint of a pointer).
 */
export function NetworkStatus({ compact = false }: { compact?: boolean }) {
  const { online } = useNetwork();
  const words = online ? "Online" : "Offline";
  if (compact)
    return (
      <ColorSwatch
        role="status"
        aria-live="polite"
        aria-label={words}
        title={words}
        color={online ? "var(--mantine-color-green-7)" : "var(--mantine-color-red-7)"}
        size={10}
        withShadow={false}
        mx={4}
      />
    );
  return (
    <Badge role="status" aria-live="polite" variant="dot" color={online ? "green" : "red"} size="sm">
      {words}
    </Badge>
  );
}
