import { ActionIcon, TextInput } from "@mantine/core";
import { QUICK_LAUNCH_MAX_DIGITS } from "@office/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";

/** Quick Launch: a project id of up to 15 digits; Enter or the button opens it. */
export function QuickLaunch() {
  const navigate = useNavigate();
  const [id, setId] = useState("");
  const open = () => {
    if (!id) return;
    navigate(`/project/de?id=${id}`);
    setId("");
  };
  return (
    <TextInput
      aria-label="Quick Launch"
      placeholder="Quick Launch"
      inputMode="numeric"
      autoComplete="off"
      maxLength={QUICK_LAUNCH_MAX_DIGITS}
      w={150}
      value={id}
      // Anything but digits is refused as typed, and so is a 16th digit.
      onChange={(event) => {
        const typed = event.currentTarget.value;
        if (/^\d*$/.test(typed) && typed.length <= QUICK_LAUNCH_MAX_DIGITS) setId(typed);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") open();
      }}
      rightSection={
        <ActionIcon variant="subtle" aria-label="Open project" onClick={open} disabled={!id}>
          <IconArrowRight size={16} aria-hidden="true" />
        </ActionIcon>
      }
    />
  );
}
