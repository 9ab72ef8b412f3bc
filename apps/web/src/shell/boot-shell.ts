/**
 * The boot shell (index.html, docs/decisions.md#first-paint) is painted from the HTML before any
 * script runs. It stays until the app renders something of its own into `root`, and goes in
 * the same frame: a mutation observer's callback runs before the browser paints again.
 * Mantine's theme variables (a <style> element) are not something of its own.
 */
export function releaseBootShell(root: HTMLElement, shell: HTMLElement | null = document.getElementById("boot-shell")) {
  if (!shell) return;
  const rendered = () => Array.from(root.children).some((child) => child.tagName !== "STYLE");
  const observer = new MutationObserver(() => {
    if (!rendered()) return;
    observer.disconnect();
    shell.remove();
  });
  observer.observe(root, { childList: true });
}
