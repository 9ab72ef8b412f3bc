import { Anchor, Button, Group, Text } from "@mantine/core";
import { TOASTS, tblPortalOrder, tblProject, tblProjectStatus, whereBuilder } from "@office/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { api, queryRows } from "../../api/client";
import { endsSession } from "../../app/failures";
import { showToast } from "../../app/toast";
import { invalidateWritten } from "../../widgets/record/mutations";
import { useRights } from "../../widgets/record/useRights";

const FIELDS = "portalOrderID,portalOrderStatus,projectID";
const APPROVED = 1;

/**
 * Under a portal order in its dialog: its project, or for an approved order without one (and a
 * user who may change orders and add projects), the button that makes it one and opens it.
 * Read from the stored order, as the server decides from it, not from the unsaved form.
 */
export function PortalOrderProject({ id }: { id: number }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const mayChangeOrder = useRights(tblPortalOrder).update;
  const mayAddProject = useRights(tblProject).insert;
  const { data: order } = useQuery({
    queryKey: [tblPortalOrder.name, "one", id, { fields: FIELDS }],
    queryFn: async () => {
      const w = whereBuilder();
      const where = w.print(w.eq("portalOrderID", id));
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
      await Promise.all(
        [tblPortalOrder, tblProject, tblProjectStatus].map((table) => invalidateWritten(client, table.name)),
      );
      navigate(`/project/de?id=${projectID}`);
    },
    // A 401 is the shell's (the mutation cache sends it to the error page).
    onError: (error) => {
      if (!endsSession(error)) showToast(TOASTS.insertFailed);
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
      <Button variant="light" loading={create.isPending} onClick={() => create.mutate()}>
        Create project
      </Button>
      {create.error ? (
        <Text size="sm" c="red" role="alert">
          {create.error.message}
        </Text>
      ) : null}
    </Group>
  );
}
