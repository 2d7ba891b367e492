import type { en, MessageId } from "~/catalog/en";
import type { MessageRef, Params, ParamsArg } from "~/catalog/format";

/**
 * A message to render later, in its reader's language: an error's detail, a flash, a stored notice.
 * Typed by the English catalog (a type-only import: no words travel with it), so rules and models can
 * name messages without loading the catalog.
 */
export function msg<Id extends MessageId>(id: Id, ...params: ParamsArg<(typeof en)[Id]>): MessageRef {
  return params[0] === undefined ? { msg: id } : { msg: id, params: params[0] as Params };
}
