/**
 * Issue 52, point 8: what the editor shows of Create or Update's Match By, read from the
 * node's description: its default listed first, each option's description short enough to
 * show whole (the details stay on the key's own parameter).
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { Heffl } from '../../nodes/Heffl/Heffl.node';

const matchBy = new Heffl().description.properties.find(
	(property) => property.name === 'matchBy',
) as INodeProperties;

describe('Company → Create or Update: Match By in the editor', () => {
	test('the default (the website, as a domain) is the first option; no option description is cut', () => {
		const options = matchBy.options as INodePropertyOptions[];
		expect(options[0]).toMatchObject({ value: matchBy.default, name: 'Domain (Website)' });
		expect(options.map((option) => option.name)).toEqual(['Domain (Website)', 'Email', 'Name']);
		for (const option of options) {
			expect(option.description?.length).toBeLessThanOrEqual(60);
			expect(option.description).not.toMatch(/[(:]/);
		}
	});
});
