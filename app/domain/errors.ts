/**
 * A broken business rule: the page shows `detail` (beside `field` when given),
 * the API answers {"detail": detail} with `status` (503: an outside system did not answer). Nothing was changed.
 */
export class DomainError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 422 | 503,
    public detail: string,
    public field?: string,
  ) {
    super(detail);
    this.name = "DomainError";
  }
}
