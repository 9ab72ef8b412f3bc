/**
 * An outside service's answer read as text, at most `most` bytes: a service that answers
 * without a length, or lies about it, still cannot fill the server's memory. Null when it is
 * longer (what was read is let go, the rest never read).
 */
export async function textAtMost(response: Response, most: number): Promise<string | null> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > most || !response.body) {
    await response.body?.cancel();
    return declared > most ? null : "";
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > most) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
