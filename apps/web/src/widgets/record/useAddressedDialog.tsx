import { type ReactNode, useCallback, useContext, useEffect, useRef } from "react";
import { UNSAFE_DataRouterContext, useLocation, useNavigationType, useSearchParams } from "react-router";
import { useRecordCrumb } from "../../services/record-crumb";

type Row = Record<string, unknown>;

/** The record the address names, read once and handed to `onRow` (an unknown id is Not Found). */
function AddressedRecord(props: {
  table: string;
  id: string;
  noun: string;
  fields: string;
  onRow: (row: Row) => void;
}) {
  const row = useRecordCrumb(props.table, props.id, props.noun, props.fields);
  const open = useRef(props.onRow);
  open.current = props.onRow;
  useEffect(() => {
    if (row) open.current(row);
  }, [row]);
  return null;
}

interface Options {
  /** Off: the dialog is the component's alone (a record's own lists). */
  enabled: boolean;
  table: string;
  key: string;
  noun: string;
  fields: readonly string[];
  open: (row: Row) => void;
  /** Closes the dialog, without touching the address (Back took the record out of it). */
  close: () => void;
}

/**
 * A list's record dialog that follows the address (?id=7; docs/decisions.md#records-that-link):
 * a link or Back to such an address opens the record, a row opened puts it there, the dialog
 * closed takes it out and Back past it closes the dialog.
 *
 * The address changes a render after the dialog does (the router's updates are transitions),
 * so what the dialog already shows is remembered: the record opened, so that the address
 * catching up opens nothing again (which would reset what the user has begun to type), and the
 * record closed, so that the address not yet rid of it does not open it again.
 */
export function useAddressedDialog(options: Options) {
  const { enabled, key } = options;
  const [params, setParams] = useSearchParams();
  const id = enabled ? params.get("id") : null;
  const opened = useRef<string | null>(null);
  const closed = useRef<string | null>(null);
  if (id !== closed.current) closed.current = null;

  // The router's own address, not this render's: the list's search, written after its pause,
  // may be the router's already and not yet this render's (the router's updates are
  // transitions); an entry written from the render's would leave it out, and Back would not
  // find it (list-address.ts reads it the same way).
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const latest = useCallback(
    (now: URLSearchParams) => (router ? new URLSearchParams(router.state.location.search) : now),
    [router],
  );

  const open = useCallback(
    (row: Row) => {
      const next = String(row[key]);
      opened.current = next;
      options.open(row);
      if (enabled && params.get("id") !== next) {
        setParams((now) => {
          const address = latest(now);
          address.set("id", next);
          return address;
        });
      }
    },
    [key, options.open, enabled, params, setParams, latest],
  );

  const { pathname } = useLocation();
  const onClosed = () => {
    closed.current = id;
    opened.current = null;
    // A page left already (the record's own page opened from the dialog): its address is not this list's.
    if (!enabled || (router && router.state.location.pathname !== pathname)) return;
    setParams(
      (now) => {
        const address = latest(now);
        address.delete("id");
        return address;
      },
      { replace: true },
    );
  };

  // Back past the record (its id gone from the address by a pop of the history, not by one of
  // this list's own replacements, which may land a render after a row's click) closes its dialog.
  const navigation = useNavigationType();
  const before = useRef(id);
  const close = options.close;
  useEffect(() => {
    if (navigation === "POP" && before.current !== null && id === null && opened.current !== null) {
      opened.current = null;
      close();
    }
    before.current = id;
  }, [id, close, navigation]);

  // The list as it is, with a row's record in the address: its link.
  const href = useCallback(
    (row: Row) => {
      const next = new URLSearchParams(params);
      next.set("id", String(row[key]));
      return `?${next}`;
    },
    [params, key],
  );

  const element: ReactNode =
    id !== null && id !== opened.current && id !== closed.current ? (
      <AddressedRecord
        table={options.table}
        id={id}
        noun={options.noun}
        fields={options.fields.join(",")}
        onRow={open}
      />
    ) : null;

  return { open, onClosed, href, element };
}
