import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { authorizationMenusQueryOptions } from '@/features/navigation/api/authorization-menus';
import { type RouteGenerator, routeGenerator } from '../route-generation';
import type { RouteSet } from '../route-set';
import { failureRedirect } from '../screen-gate';

export type GeneratedRoutes = {
  /** The session's route set; null until it is made, or when the menus could not be had. */
  set: RouteSet | null;
  failed: boolean;
  retry: () => void;
};

/**
 * The shell's side of route generation (spec §4). It makes sure the session has its route
 * set, since /dashboard and the account pages need none but the navigation does; it hands
 * every later menus answer to the generator, which waits out the debounce; and once a new
 * set is in place the open screen decides again, so a revoked grant turns it into the 403
 * page. A failure sends the user to /dashboard.
 */
export function useGeneratedRoutes(generator: RouteGenerator = routeGenerator): GeneratedRoutes {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const set = useSyncExternalStore(generator.subscribe, generator.current);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const menus = useQuery({
    ...authorizationMenusQueryOptions(),
    // The first set came from a call of its own a moment ago; coming back to the tab is when
    // a role change made meanwhile shows.
    refetchOnMount: false,
    refetchOnWindowFocus: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry: a new value asks again
  useEffect(() => {
    let current = true;
    setFailed(false);
    const session = generator.session();
    generator.ensure().catch((error: unknown) => {
      // A sign-out while the call ran cancels it: there is nothing left to generate for.
      if (!current || generator.session() !== session) return;
      setFailed(true);
      navigate(failureRedirect(error), { replace: true });
    });
    return () => {
      current = false;
    };
  }, [generator, navigate, attempt]);

  useEffect(() => {
    if (menus.data) generator.schedule(menus.data);
  }, [generator, menus.data]);

  useEffect(() => {
    if (menus.isError) generator.schedule({ error: menus.error });
  }, [generator, menus.isError, menus.error]);

  useEffect(
    () =>
      generator.subscribe((event) => {
        if (event === 'regenerated') void revalidate();
        if (event === 'failed') navigate(failureRedirect(menus.error), { replace: true });
      }),
    [generator, navigate, revalidate, menus.error],
  );

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { set, failed: failed && !set, retry };
}
