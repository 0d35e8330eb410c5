import { Link } from 'react-router-dom';
import { coverageGaps } from '@shared/capability-sources';
import {
  capabilitiesOfModules,
  coverageBadgeColor,
  coveragePercent,
  NO_MODULES_TEXT,
} from '@shared/objective-templates';
import type { Objective } from '@shared/schemas/objective';

const humanize = (identifier: string) => identifier.replace(/_/g, ' ');

/**
 * Spec §4 coverage: the share of the objective's required capabilities that the modules in effect give
 * (what the owner set up plus support's grants, issue 12 §4), as a green / yellow / red badge.
 */
export function CoverageBadge({ objective, modules }: { objective: Objective; modules: readonly string[] }) {
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

/**
 * What is missing and who can fix it: the owner's own setup (a link to the step), and 'Contact support to
 * configure capabilities.' only for what no owner setup gives (docs/decisions/141-...).
 */
export function CoverageGaps({ objective, modules }: { objective: Objective; modules: readonly string[] }) {
  const gaps = coverageGaps(objective.required_capabilities, modules);
  if (gaps.ownerCanSetUp.length === 0 && gaps.needsSupport.length === 0) return null;
  return (
    <ul className="objectives-gaps" data-testid="coverage-gaps">
      {gaps.ownerCanSetUp.map((gap) => (
        <li key={gap.module} className="objectives-gap" data-testid="coverage-gap-owner">
          <span>{gap.capabilities.map(humanize).join(', ')}: </span>
          <Link to={gap.href}>{gap.action}</Link>
        </li>
      ))}
      {gaps.needsSupport.length ? (
        <li className="objectives-gap objectives-no-modules" data-testid="coverage-none">
          <span>{gaps.needsSupport.map(humanize).join(', ')}: </span>
          {NO_MODULES_TEXT}
        </li>
      ) : null}
    </ul>
  );
}

/** The objective's required capabilities, each marked as given or not by the modules in effect. */
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
      <CoverageGaps objective={objective} modules={modules} />
    </>
  );
}
