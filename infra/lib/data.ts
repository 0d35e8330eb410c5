import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { APP_TABLE } from '../../backend/src/data/table-definition';

/**
 * The single application table, built from the same definition as the local table and the tests.
 * Retained on stack deletion; do not rename the construct ids (a new logical id means a new, empty table).
 */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new Table(this, 'AppTable', {
      partitionKey: { name: APP_TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: APP_TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: APP_TABLE.ttlAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.table.addGlobalSecondaryIndex({
      indexName: APP_TABLE.gsi1.name,
      partitionKey: { name: APP_TABLE.gsi1.partitionKey, type: AttributeType.STRING },
      sortKey: { name: APP_TABLE.gsi1.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }
}
