import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { ADMIN_TOOL_OPERATIONS } from "@office/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { setViewingAs } from "../../api/view-as";
import { useOperation } from "../../services/operations";
import { queryClient } from "../../services/query-client";
import { EmployeeTypeahead } from "../../widgets/EmployeeTypeahead";
import type { Row } from "../../widgets/Typeahead";

/**
 * View as: the administrator picks an active employee and sees the menus, pages and buttons as
 * they would (read only: nothing is done as them). The employee sees it in their settings.
 */
export function ViewAsPanel() {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Row | undefined>();
  const start = useOperation(ADMIN_TOOL_OPERATIONS.viewAs, {
    onDone: ({ user }) => {
      setViewingAs({ empID: user.empID, name: `${user.empFirstName} ${user.empLastName}` });
      // Everything cached was read as the administrator: read again as them.
      queryClient.clear();
      navigate("/");
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="view-as-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="view-as-title">
            View as
          </Title>
          <Text size="sm" c="dimmed">
            See the product as an employee sees it: their menus, pages and what they may read. Read only: nothing can be
            changed as them. They see in their settings that you did.
          </Text>
        </div>
        <Group align="flex-end">
          <EmployeeTypeahead label="Employee" value={chosen} onChange={setChosen} width={280} />
          <Button
            disabled={!chosen}
            loading={start.isPending}
            onClick={() => chosen && start.mutate({ empID: Number(chosen.empID) })}
          >
            View as
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
