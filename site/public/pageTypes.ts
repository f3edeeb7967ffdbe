import type { RouteDef } from '../../src/routes';

/** What every lazily loaded page receives from the router. */
export interface PageProps {
  route: RouteDef;
  params: Record<string, string>;
}
