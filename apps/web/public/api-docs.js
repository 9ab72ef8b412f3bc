// The browser side of /API/docs. A tab opened at that address sends no Bearer token, so the
// server answers it with a bare page that loads this script; the script fetches the real
// page with the token the web app keeps for this origin, and shows it or says why it cannot.
const main = document.querySelector("main");
const token = localStorage.getItem("office.token");
const auth = { authorization: `Bearer ${token}` };

function say(text, link) {
  const p = document.createElement("p");
  p.textContent = text;
  if (link) {
    const a = document.createElement("a");
    a.href = link.href;
    a.textContent = link.text;
    p.append(" ", a);
  }
  main.replaceChildren(main.querySelector("h1"), p);
}

async function downloadDocument(event) {
  event.preventDefault();
  const response = await fetch("/API/docs/openapi.json", { headers: auth });
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = "openapi.json";
  a.click();
  URL.revokeObjectURL(url);
}

async function show() {
  if (!token)
    return say("Sign in to Office to read the API documentation.", { href: "/webapp/login", text: "Sign in" });
  const response = await fetch("/API/docs", { headers: { ...auth, accept: "text/html" } });
  if (response.status === 401) {
    return say("Your session has expired.", { href: "/webapp/login", text: "Sign in again" });
  }
  if (response.status === 403) return say("The API documentation is for administrators.");
  if (!response.ok) return say(`The documentation could not be loaded (${response.status}).`);
  // A parsed document's scripts never run, and the server escapes everything it writes.
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const loaded = page.querySelector("main");
  if (!loaded) return say("The documentation could not be loaded.");
  main.replaceWith(document.adoptNode(loaded));
  loaded.querySelector('a[href="/API/docs/openapi.json"]')?.addEventListener("click", downloadDocument);
}

show().catch(() => say("The documentation could not be loaded: the server cannot be reached."));
