/**
 * A deployment stage's name (infra/stages.ts validates the stages in cdk.json with it; the backend's STAGE
 * variable must match it too): lower-case letters, digits and dashes, short enough to fit in every resource
 * name it prefixes.
 */
export const STAGE_NAME_PATTERN = /^[a-z][a-z0-9-]{0,15}$/;
