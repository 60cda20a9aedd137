// "Opsig abonnement" (issue 49 item 4): the subscription screen's and the API's messages about
// cancelling. Part of rules/messages.ts's catalogue, apart because only the subscription screen (a
// lazily loaded chunk) and the server use them; the admin's first chunk carries messages.ts to
// every screen.
export const SUBSCRIPTION_MESSAGES = {
  notOrdered: 'Du har ikke et abonnement, der kan opsiges',
  cancelFailed: 'Kunne ikke opsige abonnementet. Prøv igen.',
  cancelConfirmed: 'Dit abonnement er opsagt. Vi har sendt en bekræftelse til din e-mail.',
} as const;
