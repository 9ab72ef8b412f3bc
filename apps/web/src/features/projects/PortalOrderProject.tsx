import { Anchor, Button, Group, Text } from "@mantine/core";
import { RECORD_OPERATIONS, TOASTS, tblPortalOrder, tblProject, whereEquals } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { queryRows } from "../../api/client";
import { useAccess } from "../../services/access";
import { endsSession } from "../../services/failures";
import { useOperation } from "../../services/operations";
import { tableKey } from "../../services/query-keys";

const FIELDS = "portalOrderID,portalOrderStatus,projectID";
const APPROVED = 1;

/**
 * Under a portal order in its dialog: its project, or for an approved order without one (and a
 * user who may change orders and add projects), the button that makes it one and opens it.
 * Read from the stored order, as the server decides from it, not from the unsaved form.
 */
export function PortalOrderProject({ id, dirty = false }: { id: number; dirty?: boolean }) {
  const navigate = useNavigate();
  const mayChangeOrder = useAccess().rights(tblPortalOrder).change;
  const mayAddProject = useAccess().rights(tblProject).add;
  const stored = { table: tblPortalOrder.name, fields: FIELDS, where: whereEquals("portalOrderID", id) };
  const { data: order, refetch } = useQuery({
    queryKey: tableKey.first(stored),
    queryFn: async () => (await queryRows<Record<string, unknown>>(stored)).data[0] ?? null,
  });
  // A 401 is the shell's. Otherwise the order is read again: a colleague may have made it a
  // project, or changed its status.
  const create = useOperation(RECORD_OPERATIONS.projectFromPortalOrder, {
    done: () => TOASTS.inserted,
    failed: () => TOASTS.insertFailed,
    onDone: ({ id: projectID }) => navigate(`/project/de?id=${projectID}`),
    onFailed: (error) => {
      if (!endsSession(error)) void refetch();
    },
  });

  if (!order) return null;
  if (order.projectID !== null) {
    return (
      <Anchor component={Link} to={`/project/de?id=${order.projectID}`}>
        Open project {String(order.projectID)}
      </Anchor>
    );
  }
  if (order.portalOrderStatus !== APPROVED || !mayChangeOrder || !mayAddProject) return null;
  return (
    <Group gap="sm">
      <Button
        variant="light"
        loading={create.isPending}
        disabled={dirty}
        onClick={() => create.mutate({ portalOrderID: id })}
      >
        Create project
      </Button>
      {dirty ? (
        <Text size="sm" c="dimmed">
          Save or undo the changes to the order first.
        </Text>
      ) : null}
      {create.error ? (
        <Text size="sm" c="red" role="alert">
          {create.error.message}
        </Text>
      ) : null}
    </Group>
  );
}
