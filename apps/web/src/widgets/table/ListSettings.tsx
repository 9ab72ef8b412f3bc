import { Button, Checkbox, CloseButton, Group, Popover, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { IconBookmark, IconColumns } from "@tabler/icons-react";
import { useState } from "react";
import type { TableColumn } from "./columns";
import type { SavedView } from "./list-prefs";

/** Which of a list's columns show: each a checkbox, the last one shown kept. */
export function ColumnChooser({
  columns,
  hidden,
  onHidden,
}: {
  columns: readonly TableColumn[];
  hidden: readonly string[];
  onHidden: (hidden: string[]) => void;
}) {
  const shown = columns.filter((c) => !hidden.includes(c.key)).length;
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns size={16} aria-hidden="true" />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label="Columns shown"
          value={columns.filter((c) => !hidden.includes(c.key)).map((c) => c.key)}
          onChange={(keys) => onHidden(columns.filter((c) => !keys.includes(c.key)).map((c) => c.key))}
        >
          <Stack gap={6} mt="xs">
            {columns.map((c) => (
              <Checkbox
                key={c.key}
                value={c.key}
                label={c.label}
                // A list keeps one column at least.
                disabled={shown === 1 && !hidden.includes(c.key)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {hidden.length ? (
          <Button size="compact-sm" variant="subtle" mt="sm" onClick={() => onHidden([])}>
            Show every column
          </Button>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}

/** The user's saved views of a list: each applied in a click or removed; the list as it is saved under a name. */
export function SavedViews({
  views,
  onApply,
  onSave,
  onRemove,
}: {
  views: readonly SavedView[];
  onApply: (view: SavedView) => void;
  onSave: (name: string) => void;
  onRemove: (name: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState("");
  const save = () => {
    if (!name.trim()) return;
    onSave(name);
    setName("");
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withArrow trapFocus width={300}>
      <Popover.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconBookmark size={16} aria-hidden="true" />}
          onClick={() => setOpened((o) => !o)}
        >
          Views
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {views.length === 0 ? (
            <Text size="sm" c="dimmed">
              No saved view yet: search, sort and choose the columns, then save it under a name.
            </Text>
          ) : (
            <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: "none" }} aria-label="Saved views">
              {views.map((view) => (
                <Group component="li" key={view.name} gap={4} wrap="nowrap" justify="space-between">
                  <UnstyledButton
                    onClick={() => {
                      onApply(view);
                      setOpened(false);
                    }}
                    fz="sm"
                    py={4}
                    style={{ flex: 1, overflowWrap: "anywhere" }}
                  >
                    {view.name}
                  </UnstyledButton>
                  <CloseButton
                    size="sm"
                    aria-label={`Remove the view ${view.name}`}
                    onClick={() => onRemove(view.name)}
                  />
                </Group>
              ))}
            </Stack>
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Save this view as"
                placeholder="My open projects"
                size="xs"
                maxLength={60}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button type="submit" size="xs" disabled={!name.trim()}>
                Save
              </Button>
            </Group>
          </form>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
