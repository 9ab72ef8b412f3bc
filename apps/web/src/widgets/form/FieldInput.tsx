import { ActionIcon, Box, Checkbox, Group, NativeSelect, Textarea, TextInput } from "@mantine/core";
import { type Column, contactLink, formatPipeList, formatUsPhone, parsePipeList } from "@office/core";
import { IconArrowUpRight, IconExternalLink, IconMail, IconPhone } from "@tabler/icons-react";
import { Link } from "react-router";
import { DateField } from "./DateField";
import { ReferenceSelect } from "./ReferenceSelect";
import { useRecordLink } from "./record-link";
import { TrackingNumberField } from "./TrackingNumberField";

export interface FieldInputProps {
  column: Column;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  readOnly?: boolean;
  /** A reference `within` another field: that field's value in the form, and its label. */
  within?: string | undefined;
  withinLabel?: string | undefined;
  /** The field a dialog focuses when it opens (its first empty one): text, choice and textarea fields. */
  autoFocus?: boolean;
  /** The whole form, for a field that fills another or writes rows of its own (a tracking number). */
  form?: FormAccess | undefined;
}

export interface FormAccess {
  values: Record<string, string>;
  set: (name: string, value: string) => void;
  fields: () => Record<string, unknown>;
}

const CONTACT_ICONS = { tel: IconPhone, mailto: IconMail, web: IconExternalLink };

/** A field's contact link beside its value: call, write to, or open (in a new tab). */
function ContactAction({
  link,
  label,
  value,
}: {
  link: { href: string; external: boolean };
  label: string;
  value: string;
}) {
  const kind = link.href.startsWith("tel:") ? "tel" : link.href.startsWith("mailto:") ? "mailto" : "web";
  const Icon = CONTACT_ICONS[kind];
  const what = { tel: `Call ${value}`, mailto: `E-mail ${value}`, web: `Open ${label} in a new tab` }[kind];
  return (
    <ActionIcon
      component="a"
      href={link.href}
      variant="subtle"
      size="sm"
      aria-label={what}
      title={what}
      {...(link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      <Icon size={16} aria-hidden="true" />
    </ActionIcon>
  );
}

/**
 * A reference's way to its record beside its box (as Odoo's arrow beside a many2one): shown
 * once a value is chosen, where the user may open that record.
 */
function ReferenceField(props: Parameters<typeof ReferenceSelect>[0]) {
  const to = useRecordLink(props.reference.table, props.value);
  const select = <ReferenceSelect {...props} />;
  if (!to) return select;
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <Box flex={1} miw={0}>
        {select}
      </Box>
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        size="lg"
        aria-label={`Open the ${props.label.toLowerCase()}`}
        title={`Open the ${props.label.toLowerCase()}`}
      >
        <IconArrowUpRight size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

/** One field of a record form, the input its column's declaration asks for. */
export function FieldInput({
  column,
  label,
  value,
  onChange,
  error,
  readOnly,
  within,
  withinLabel,
  autoFocus,
  form,
}: FieldInputProps) {
  const required = column.rules?.includes("required") ?? false;
  const common = {
    label,
    error,
    readOnly,
    withAsterisk: required && !readOnly,
    "data-autofocus": autoFocus || undefined,
  };
  const link = contactLink(column, value);
  const contact = link ? <ContactAction link={link} label={label} value={value} /> : null;
  const text = {
    ...common,
    value,
    onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
    // A phone number, an address or a website, as stored, is a way to reach them.
    ...(contact ? { rightSection: contact, rightSectionPointerEvents: "all" as const } : {}),
  };
  switch (column.field?.kind) {
    case "textarea":
      // The product's textarea (docs/product-rules.md#widgets): three rows, growing to eight.
      return <Textarea autosize minRows={3} maxRows={8} {...text} />;
    case "date":
      return (
        <DateField
          label={label}
          value={value}
          onChange={onChange}
          error={error}
          required={required}
          readOnly={readOnly}
        />
      );
    case "tel":
      return (
        <TextInput
          type="tel"
          placeholder="(555) 555-5555"
          {...text}
          onBlur={() => onChange(formatUsPhone(value) ?? value)}
        />
      );
    case "money":
      // Typed as 1234.50 (spec 5's currency rule): a $ before it, and the number pad on a phone.
      return <TextInput inputMode="decimal" leftSection="$" placeholder="0.00" {...text} />;
    case "choice":
      return (
        <NativeSelect
          {...text}
          disabled={readOnly}
          data={[
            { value: "", label: required ? "Choose…" : "—" },
            ...column.field.options.map((o) => ({ value: String(o.value), label: o.label })),
          ]}
        />
      );
    case "flag":
      return (
        <Checkbox
          label={label}
          error={error}
          checked={value === "1"}
          disabled={readOnly}
          onChange={(e) => onChange(e.currentTarget.checked ? "1" : "0")}
        />
      );
    case "reference":
      return (
        <ReferenceField
          reference={column.field.reference}
          label={label}
          value={value}
          onChange={onChange}
          error={error}
          required={required}
          readOnly={readOnly}
          within={within}
          withinLabel={withinLabel}
        />
      );
    case "choices": {
      // Kept in the list's order whatever order they were ticked in.
      const all = column.field.options.map((o) => String(o.value));
      return (
        <Checkbox.Group
          label={label}
          error={error}
          value={parsePipeList(value)}
          onChange={(picked) => onChange(formatPipeList(all.filter((v) => picked.includes(v))))}
        >
          <Group gap="md" mt={4}>
            {column.field.options.map((o) => (
              <Checkbox key={o.value} value={String(o.value)} label={o.label} disabled={readOnly} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    }
    case "trackingNumber": {
      const field = column.field;
      return (
        <TrackingNumberField
          label={label}
          value={value}
          onChange={onChange}
          error={error}
          readOnly={readOnly}
          required={required}
          carrier={form?.values[field.carrier] ?? ""}
          setCarrier={(carrier) => form?.set(field.carrier, carrier)}
          table={field.table}
          fields={() => form?.fields() ?? {}}
        />
      );
    }
    default:
      return <TextInput {...text} />;
  }
}
