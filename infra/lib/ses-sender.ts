/**
 * Which SES identity authorizes the stage's sender: the address itself, or the domain it belongs to (a
 * domain identity, verified with DKIM records, lets any address at the domain send). Cognito's SourceArn
 * and the functions' ses:SendEmail grant must both name the identity that is actually verified: Cognito
 * refuses to create the pool with an identity SES does not know (docs/decisions/163).
 */
export const SES_IDENTITY_KINDS = ['address', 'domain'] as const;
export type SesIdentityKind = (typeof SES_IDENTITY_KINDS)[number];

export interface SesSender {
  readonly fromAddress: string;
  /** Defaults to 'address', the identity the sender's own name verifies. */
  readonly identity?: SesIdentityKind;
}

/** The verified identity's name: the address, or its domain. */
export function sesIdentityName(sender: SesSender): string {
  return sender.identity === 'domain' ? sender.fromAddress.split('@')[1]! : sender.fromAddress;
}

/** The verified domain to hand Cognito, when the identity is a domain. */
export function sesVerifiedDomain(sender: SesSender): string | undefined {
  return sender.identity === 'domain' ? sesIdentityName(sender) : undefined;
}
