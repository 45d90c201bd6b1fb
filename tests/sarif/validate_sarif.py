#!/usr/bin/env python3
"""Validates a SARIF log against the SARIF 2.1.0 schema and checks what code
scanning needs of it: every result's file exists relative to the kit's root
(%SRCROOT%), every place is a line of that file, every ruleId is a rule of the
driver. Prints each problem and exits 1; exits 0 when there is none.
Usage: validate_sarif.py SCHEMA LOG KIT_ROOT MIN_RESULTS MAX_RESULTS
"""
import json
import os
import sys
import urllib.parse

import jsonschema


def main():
    schema_path, log_path, root, least, most = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(log_path, encoding="utf-8") as f:
        log = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    problems = [f"schema: {'/'.join(str(p) for p in e.absolute_path) or '(the log)'}: {e.message}"
                for e in validator_class(schema).iter_errors(log)]
    if problems:
        return report(log_path, problems)
    run = log["runs"][0]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    results = run["results"]
    if not least <= len(results) <= most:
        problems.append(f"{len(results)} results, expected {least} .. {most}")
    for i, result in enumerate(results):
        if result["ruleId"] not in rules or rules[result["ruleIndex"]] != result["ruleId"]:
            problems.append(f"result {i}: rule {result['ruleId']} (index {result['ruleIndex']}) is not the driver's")
        for where in result["locations"] + result.get("relatedLocations", []):
            physical = where["physicalLocation"]
            artifact = physical["artifactLocation"]
            if artifact.get("uriBaseId") != "%SRCROOT%":
                problems.append(f"result {i}: {artifact} is not relative to %SRCROOT%")
                continue
            path = os.path.join(root, urllib.parse.unquote(artifact["uri"]))
            if not os.path.isfile(path):
                problems.append(f"result {i}: {artifact['uri']} is no file of the kit at {root}")
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                lines = f.read().split("\n")
            if not 1 <= physical["region"]["startLine"] <= len(lines):
                problems.append(f"result {i}: line {physical['region']['startLine']} is not in {artifact['uri']}")
    return report(log_path, problems)


def report(log_path, problems):
    for problem in problems:
        print(f"{log_path}: {problem}")
    if not problems:
        print(f"{log_path}: valid SARIF 2.1.0")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
