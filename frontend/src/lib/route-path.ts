/** The route a location path names: trailing slashes dropped, so `/dashboard/` is `/dashboard`; `/` stays. */
export const routePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';
