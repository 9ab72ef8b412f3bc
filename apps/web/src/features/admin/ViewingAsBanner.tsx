import { Button, Group, Text } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { setViewingAs, subscribeViewingAs, viewingAs } from "../../api/view-as";
import { queryClient } from "../../services/query-client";

/** The bar every page shows while an administrator views the product as someone, with the way back. */
export function ViewingAsBanner() {
  const viewing = useSyncExternalStore(subscribeViewingAs, viewingAs);
  const navigate = useNavigate();
  if (!viewing) return null;
  return (
    <Group
      role="status"
      justify="center"
      gap="sm"
      px="md"
      py={6}
      bg="var(--mantine-color-yellow-light)"
      style={{ borderBottom: "1px solid var(--mantine-color-yellow-outline)" }}
    >
      <IconEye size={18} aria-hidden="true" />
      <Text size="sm" fw={500}>
        {`Viewing as ${viewing.name}: read only, nothing can be changed as them.`}
      </Text>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => {
          setViewingAs(null);
          queryClient.clear();
          navigate("/admin?tab=view-as");
        }}
      >
        Stop viewing
      </Button>
    </Group>
  );
}
