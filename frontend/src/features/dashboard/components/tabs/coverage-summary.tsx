import {
  capabilitiesOfModules,
  coverageBadgeColor,
  coveragePercent,
  NO_MODULES_TEXT,
} from '@shared/objective-templates';
import type { Objective } from '@shared/schemas/objective';

const humanize = (identifier: string) => identifier.replace(/_/g, ' ');

/**
 * Spec §4 coverage: the share of the objective's required capabilities that the enabled modules give, as
 * a green / yellow / red badge; no modules → the contact-support text.
 */
export function CoverageBadge({ objective, modules }: { objective: Objective; modules: readonly string[] }) {
  if (modules.length === 0) {
    return (
      <p className="objectives-no-modules" data-testid="coverage-none">
        {NO_MODULES_TEXT}
      </p>
    );
  }
  const percent = coveragePercent(objective.required_capabilities, modules);
  const color = coverageBadgeColor(percent);
  return (
    <span
      className={`objectives-badge objectives-badge-${color}`}
      data-testid="coverage-badge"
      data-color={color}
    >
      {percent}% coverage
    </span>
  );
}

/** The objective's required capabilities, each marked as given or not by the enabled modules. */
export function CapabilityList({ objective, modules }: { objective: Objective; modules: readonly string[] }) {
  if (objective.required_capabilities.length === 0) return null;
  const available = capabilitiesOfModules(modules);
  return (
    <>
      <h3 className="objectives-subtitle">Required capabilities</h3>
      <ul className="objectives-chips" aria-label="Required capabilities">
        {objective.required_capabilities.map((capability) => {
          const covered = available.has(capability);
          return (
            <li
              key={capability}
              className={`objectives-chip ${covered ? 'objectives-chip-covered' : 'objectives-chip-missing'}`}
            >
              <span aria-hidden="true">{covered ? '✓ ' : '✗ '}</span>
              {humanize(capability)}
              <span className="sr-only">{covered ? ' (enabled)' : ' (not enabled)'}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
