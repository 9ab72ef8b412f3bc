import { Button, Group, SimpleGrid } from "@mantine/core";
import type { Resource, SearchCriterion } from "@office/core";
import { CriterionInput } from "./CriterionInput";
import type { CriteriaSearch } from "./useCriteriaSearch";

interface CriteriaFormProps {
  /** The form's accessible name. */
  label: string;
  criteria: readonly SearchCriterion[];
  list: Resource;
  search: CriteriaSearch;
}

/** A search's boxes with Search and Clear; Search waits while a box shows its message. */
export function CriteriaForm({ label, criteria, list, search }: CriteriaFormProps) {
  const blocked = Object.keys(search.messages).length > 0;
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        search.submit();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {criteria.map((criterion) => (
          <CriterionInput
            key={criterion.name}
            criterion={criterion}
            column={list.columns[criterion.columns[0] ?? ""]}
            values={search.draft}
            onChange={search.change}
            message={search.messages[criterion.name]}
          />
        ))}
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" disabled={blocked}>
          Search
        </Button>
        <Button variant="default" onClick={search.clear}>
          Clear
        </Button>
      </Group>
    </form>
  );
}
