import { Anchor, Button, Group, Text } from "@mantine/core";
import { TOASTS, tblPortalOrder, tblProject, tblProjectStatus, whereEquals } from "@office/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { api, queryRows } from "../../api/client";
import { useAccess } from "../../services/access";
import { endsSession } from "../../services/failures";
import { showToast } from "../../services/toast";
import { invalidateWritten } from "../../widgets/record/mutations";

const FIELDS = "portalOrderID,portalOrderStatus,projectID";
const APPROVED = 1;

/**
 * Under a portal order in its dialog: its project, or for an approved order without one (and a
 * user who may change orders and add projects), the button that makes it one and opens it.
 * Read from the stored order, as the server decides from it, not from the unsaved form.
 */
export function PortalOrderProject({ id, dirty = false }: { id: number; dirty?: boolean }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const mayChangeOrder = useAccess().rights(tblPortalOrder).update;
  const mayAddProject = useAccess().rights(tblProject).insert;
  const { data: order, refetch } = useQuery({
    queryKey: [tblPortalOrder.name, "one", id, { fields: FIELDS }],
    queryFn: async () => {
      const where = whereEquals("portalOrderID", id);
      return (
        (await queryRows<Record<string, unknown>>({ table: tblPortalOrder.name, fields: FIELDS, where })).data[0] ??
        null
      );
    },
  });
  const create = useMutation({
    mutationFn: () => api<{ id: number }>("POST", `/API/PortalOrders/${id}/Project`),
    onSuccess: async ({ id: projectID }) => {
      showToast(TOASTS.inserted);
      // The call wrote the order, the project and its first status (which changes the project too).
      await Promise.all([tblPortalOrder, tblProjectStatus].map((table) => invalidateWritten(client, table.name)));
      navigate(`/project/de?id=${projectID}`);
    },
    // A 401 is the shell's (the mutation cache sends it to the error page). Otherwise the
    // order is read again: a colleague may have made it a project, or changed its status.
    onError: (error) => {
      if (endsSession(error)) return;
      showToast(TOASTS.insertFailed);
      void refetch();
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
      <Button variant="light" loading={create.isPending} disabled={dirty} onClick={() => create.mutate()}>
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
