"""Runs the CI recipes of Docs/CI.md as their CI services would, on this machine.

  github WORKFLOW_YAML WORKSPACE APP  the workflow's one job: checkout and cache steps emulated,
                                   `run:` steps in bash, the SARIF upload checked as code
                                   scanning would read it; exits with the job's status
  gitlab JOB_YAML WORKSPACE APP    the job's before_script and script lines in one bash session,
                                   then its Code Quality and JUnit reports checked

Only what the recipes use is emulated; anything else in a recipe is an error, so a recipe that
grows a step this runner does not know fails CI instead of passing untested. Repositories named
by `repository:` are cloned from https://github.com/OWNER/NAME, which .ci/check-adoption maps
to a local clone with git's url.insteadOf.
"""
import json
import os
import re
import shutil
import subprocess
import sys

import jsonschema
import yaml
from junitparser import Failure, JUnitXml


def expand(text, context):
    """`${{ env.NAME }}` and `${{ runner.os }}`, the only expressions the recipes use."""
    def replace(match):
        expression = match.group(1).strip()
        if expression.startswith("env."):
            return context["env"][expression[4:]]
        if expression == "runner.os":
            return "Linux"
        raise SystemExit(f"ci-recipe-runner: unsupported expression ${{{{ {expression} }}}}")
    return re.sub(r"\$\{\{(.*?)\}\}", replace, str(text))


def check_sarif(path, checkout):
    """What code scanning needs: results relative to %SRCROOT%, which is the checkout."""
    log = json.load(open(path))
    run = log["runs"][0]
    base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == "file://" + os.path.realpath(checkout) + "/", f"%SRCROOT% is {base}, not the checkout"
    for result in run["results"]:
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert location.get("uriBaseId") == "%SRCROOT%", location
        assert not location["uri"].startswith(("/", "file:")), location
        assert os.path.isfile(os.path.join(checkout, location["uri"])), f"no file {location['uri']} in the checkout"
    print(f"upload-sarif: {len(run['results'])} results, every one placed under %SRCROOT%")


def checkout(source, ref, target):
    """As actions/checkout and GitLab's runner do: into a directory that may hold a restored cache."""
    os.makedirs(target, exist_ok=True)
    if not os.path.isdir(os.path.join(target, ".git")):
        subprocess.run(["git", "init", "-q", target], check=True)
    subprocess.run(["git", "-C", target, "fetch", "-q", "--depth", "1", source, ref], check=True)
    subprocess.run(["git", "-C", target, "checkout", "-q", "--force", "FETCH_HEAD"], check=True)


def github(workflow_path, workspace, app_origin):
    workflow = yaml.safe_load(open(workflow_path))
    (job_name, job), = workflow["jobs"].items()
    context = {"env": {k: str(v) for k, v in job.get("env", {}).items()}}
    path_additions = []
    runner_files = os.path.join(os.path.dirname(workspace), ".runner")
    os.makedirs(runner_files, exist_ok=True)
    github_path = os.path.join(runner_files, "path")
    summary = os.path.join(runner_files, "step-summary.md")
    open(github_path, "w").close()
    failed = False
    for step in job["steps"]:
        name = step.get("name") or step.get("uses") or step.get("run", "").splitlines()[0]
        condition = step.get("if")
        if failed and condition != "always()":
            print(f"-- {name}: skipped (an earlier step failed)")
            continue
        print(f"-- {name}")
        inputs = {k: expand(v, context) for k, v in step.get("with", {}).items()}
        uses = step.get("uses", "")
        if uses.startswith("actions/checkout@"):
            source = f"https://github.com/{inputs['repository']}" if "repository" in inputs else app_origin
            checkout(source, inputs.get("ref", "HEAD"), os.path.join(workspace, inputs.get("path", ".")))
        elif uses.startswith("actions/cache@"):
            # The runner keeps the workspace between runs (.ci/check-adoption), as a restored cache would.
            cached = os.path.join(workspace, inputs["path"])
            print(f"cache {inputs['key']}: {'restored' if os.path.isdir(cached) else 'empty'} at {inputs['path']}")
        elif uses.startswith("github/codeql-action/upload-sarif@"):
            check_sarif(os.path.join(workspace, inputs["sarif_file"]), workspace)
        elif "run" in step:
            environment = dict(os.environ, **context["env"], GITHUB_PATH=github_path,
                               GITHUB_STEP_SUMMARY=summary, GITHUB_WORKSPACE=workspace, CI="true")
            environment["PATH"] = os.pathsep.join(path_additions + [environment["PATH"]])
            status = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", step["run"]],
                                    cwd=os.path.join(workspace, step.get("working-directory", ".")),
                                    env=environment).returncode
            path_additions = [line.strip() for line in open(github_path) if line.strip()][::-1]
            if status != 0:
                print(f"-- {name}: exited {status}")
                failed = True
        else:
            raise SystemExit(f"ci-recipe-runner: step '{name}' uses {uses!r}, which this runner does not emulate")
    print(f"job {job_name}: {'failed' if failed else 'succeeded'}")
    return 1 if failed else 0


def gitlab(job_path, workspace, app_origin):
    checkout(app_origin, "HEAD", workspace)
    jobs = yaml.safe_load(open(job_path))
    (job_name, job), = jobs.items()
    variables = {k: str(v) for k, v in job.get("variables", {}).items()}
    lines = job.get("before_script", []) + job.get("script", [])
    environment = dict(os.environ, **variables, CI="true", CI_PROJECT_DIR=workspace)
    status = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", "\n".join(lines)],
                            cwd=workspace, env=environment).returncode
    reports = job["artifacts"]["reports"]
    quality = json.load(open(os.path.join(workspace, reports["codequality"])))
    schema = json.load(open(os.path.join(os.path.dirname(__file__), "..", "Tests", "ReportSchemas",
                                         "gitlab-code-quality.schema.json")))
    jsonschema.validate(quality, schema)
    suites = list(JUnitXml.fromfile(os.path.join(workspace, reports["junit"])))
    failures = [case for suite in suites for case in suite if any(isinstance(r, Failure) for r in case.result)]
    assert len(failures) == len(quality), f"{len(failures)} JUnit failures, {len(quality)} Code Quality issues"
    print(f"job {job_name}: exited {status}; codequality: {len(quality)} issues valid; junit: {len(failures)} failures")
    return status


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "github":
        sys.exit(github(sys.argv[2], sys.argv[3], sys.argv[4]))
    if command == "gitlab":
        sys.exit(gitlab(sys.argv[2], sys.argv[3], sys.argv[4]))
    raise SystemExit(f"ci-recipe-runner: unknown command {command}")
