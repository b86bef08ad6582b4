/**
 * What a registered page receives: its path params and, for InnerLink pages, the framed address.
 * Its own module, so pages need not import the registry that loads them.
 */
export interface PageProps {
  params: Record<string, string>;
  link?: string;
}
