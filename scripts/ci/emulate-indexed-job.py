#!/usr/bin/env python3
"""Runs the pods of a Kubernetes Indexed Job with a local container engine, as the Job controller would.

For CI, where there is no cluster. Reads the Job manifest and, for each completion index
0...completions-1, runs its container with JOB_COMPLETION_INDEX set beside the container's `env`,
`parallelism` at a time: the container's image and args, its one volume mount bound to FOLDER, as the
pod's user and group (securityContext runAsUser, runAsGroup) and with nothing writable but the volume
when readOnlyRootFilesystem is set. Each index's output goes to LOGS/index-I.log. Exits 1, naming the
indices and their exit statuses, when any index fails; 2 when the manifest is not an Indexed Job
with one container and one volume mount.

    emulate-indexed-job.py deploy/vtrack-batch-job.yaml --volume /tmp/data --logs /tmp/logs --engine podman
"""
import argparse
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import yaml


def container_command(manifest, index, engine, volume):
    """The engine command line that runs the pod of completion index `index`."""
    pod = manifest["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    (mount,) = container["volumeMounts"]
    command = [engine, "run", "--rm", "--volume", f"{volume}:{mount['mountPath']}",
               "--env", f"JOB_COMPLETION_INDEX={index}"]
    for variable in container.get("env", []):
        command += ["--env", f"{variable['name']}={variable['value']}"]
    security = {**pod.get("securityContext", {}), **container.get("securityContext", {})}
    if "runAsUser" in security:
        command += ["--user", f"{security['runAsUser']}:{security.get('runAsGroup', security['runAsUser'])}"]
    if security.get("readOnlyRootFilesystem"):
        # As in a pod, nothing is writable outside the volume (podman would add a /tmp otherwise).
        command += ["--read-only"] + (["--read-only-tmpfs=false"] if engine == "podman" else [])
    return command + [container["image"]] + [str(argument) for argument in container.get("args", [])]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("manifest")
    parser.add_argument("--volume", required=True, help="host folder for the container's volume mount")
    parser.add_argument("--logs", required=True, help="folder for index-I.log, the output of each index")
    parser.add_argument("--engine", default="podman")
    options = parser.parse_args()
    with open(options.manifest) as file:
        manifest = yaml.safe_load(file)
    spec = manifest.get("spec", {})
    if manifest.get("kind") != "Job" or spec.get("completionMode") != "Indexed":
        print(f"{options.manifest}: not an Indexed Job", file=sys.stderr)
        return 2
    try:
        commands = [container_command(manifest, index, options.engine, options.volume)
                    for index in range(spec["completions"])]
    except (KeyError, ValueError) as error:
        print(f"{options.manifest}: needs one container with one volume mount ({error!r})", file=sys.stderr)
        return 2
    os.makedirs(options.logs, exist_ok=True)

    printing = threading.Lock()

    def run(index):
        with printing:
            print(f"index {index}: {' '.join(commands[index])}", flush=True)
        with open(os.path.join(options.logs, f"index-{index}.log"), "w") as log:
            return subprocess.run(commands[index], stdout=log, stderr=subprocess.STDOUT).returncode

    with ThreadPoolExecutor(max_workers=spec.get("parallelism", 1)) as pool:
        statuses = dict(enumerate(pool.map(run, range(len(commands)))))
    failed = {index: status for index, status in sorted(statuses.items()) if status != 0}
    for index, status in failed.items():
        print(f"index {index} failed with exit status {status} (log: {options.logs}/index-{index}.log)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
