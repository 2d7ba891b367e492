import type { MessageRef } from "~/catalog/format";

/**
 * A broken business rule: the page shows `detail` (beside `field` when given),
 * the API answers {"detail": detail} with `status` (503: an outside system did not answer). Nothing was changed.
 *
 * The detail is a catalog message (`{ msg: id, params }`), rendered in the reader's language by the
 * door (`detailIn` in ~/catalog/index.server); `detail` is its English text, for logs and tests.
 * A plain string is a detail not yet moved into the catalog.
 */
export class DomainError extends Error {
  readonly ref: MessageRef | null;
  readonly detail: string;
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    detail: string | MessageRef,
    public field?: string,
  ) {
    const ref = typeof detail === "string" ? null : detail;
    const english = englishOf(detail);
    super(english);
    this.name = "DomainError";
    this.ref = ref;
    this.detail = english;
  }
}

/**
 * How a message becomes English text here. The catalog sets it when it loads on the server
 * (~/catalog/index.server), so these pure rules never import the catalog's words (which would
 * otherwise ride along into the browser with any rule a component uses).
 */
let renderEnglish: (ref: MessageRef) => string = (ref) => ref.msg;

/** A detail's English text: a catalog message rendered, or the string as written. */
export const englishOf = (detail: string | MessageRef): string => (typeof detail === "string" ? detail : renderEnglish(detail));

export function setEnglishRenderer(render: (ref: MessageRef) => string): void {
  renderEnglish = render;
}
