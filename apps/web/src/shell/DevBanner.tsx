/** The red 'Dev Version' banner of a development build; a production build has none. */
export function DevBanner() {
  if (!import.meta.env.DEV) return null;
  return (
    <div
      role="note"
      style={{ background: "#c92a2a", color: "white", textAlign: "center", fontWeight: 700, padding: 2 }}
    >
      Dev Version
    </div>
  );
}
