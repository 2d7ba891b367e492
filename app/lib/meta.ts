import type { MetaDescriptor } from "@remix-run/node";

/** Title + description for a page, with the product name after ' | '. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: `${title} | Akoko` }, { name: "description", content: description }];
}
