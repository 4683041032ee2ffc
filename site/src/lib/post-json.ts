export type PostResult =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; message: string | undefined; fields?: Record<string, string> };

/**
 * Sends a form as JSON to the address the page gave it (the form's own action, so that the
 * browser code never needs to know where the API is). Resolves with the answer's body, or
 * with the API's French `message` on failure (undefined when the network failed or the
 * answer had none) and, for a form, each invalid field's message (`fields`).
 */
export async function postJson(url: string, payload: object): Promise<PostResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const body: unknown = await response.json().catch(() => ({}));
    const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    if (response.ok) return { ok: true, body: record };
    const message = typeof record.message === 'string' ? record.message : undefined;
    const fields =
      record.fields !== null && typeof record.fields === 'object' ? (record.fields as Record<string, string>) : undefined;
    return { ok: false, message, ...(fields && { fields }) };
  } catch {
    return { ok: false, message: undefined };
  }
}
