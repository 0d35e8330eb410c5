/** Key builders: the tenant id in every key is the verified Cognito subject (docs/data-model.md). */
export const userKey = (userId: string) => `USER#${userId}`;

export const keys = {
  businessConfig: (userId: string) => ({ pk: userKey(userId), sk: 'CONFIG' }),
};
