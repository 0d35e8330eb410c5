import { Aws, Fn } from 'aws-cdk-lib';

/**
 * Eight hex characters that are fixed for the life of a stack and new for every stack CloudFormation creates
 * (the first group of the UUID in the stack's id). A retained resource whose name must be unique in the
 * account (a secret, a backup vault) carries it, so neither a retry after a failed first deploy nor a
 * rebuild after a teardown collides with what the previous stack left behind (docs/decisions/163).
 */
export function deploymentSuffix(): string {
  return Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));
}
