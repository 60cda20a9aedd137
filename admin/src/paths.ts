// Typed paths of the admin (the spec's Screens routes): link and navigate with these, never with string
// literals.
export const ADMIN_PATHS = {
  login: '/admin',
  dashboard: '/admin/dashboard',
  subscription: '/admin/subscription',
  pages: '/admin/pages',
  images: '/admin/images',
  settings: '/admin/settings',
  forgotPassword: '/admin/glemt-password',
  resetPassword: '/admin/nulstil-password',
  account: '/admin/konto',
  confirmEmail: '/admin/bekraeft-email',
  verifyEmail: '/admin/bekraeft-din-email',
  operator: '/admin/operator',
  leads: '/admin/henvendelser',
  reviews: '/admin/anmeldelser',
  quotes: '/admin/henvendelser/tilbud',
  confirmRecipient: '/admin/bekraeft-modtager',
  booking: '/admin/bookinger/indstillinger',
  bookings: '/admin/bookinger',
} as const;
