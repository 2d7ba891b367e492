/**
 * Loads the catalog in every test worker, as the server does when it starts: a DomainError's or
 * HttpError's `.detail` is then the English text of its catalog message in unit tests too.
 */
import "~/catalog/index.server";
