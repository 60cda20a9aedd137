// Typed paths of the admin (SPEC §2 routes): link with these, never with string literals. The route
// table (routes.tsx) is built on them.
export const ADMIN_PATHS = {
  login: '/admin',
  dashboard: '/admin/dashboard',
  subscription: '/admin/subscription',
  pages: '/admin/pages',
  images: '/admin/images',
  settings: '/admin/settings',
  operator: '/admin/operator',
} as const;

export type AdminPath = (typeof ADMIN_PATHS)[keyof typeof ADMIN_PATHS];
