package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// releaseFile matches the name of one release's record: "0.2.0.txt".
var releaseFile = regexp.MustCompile(`^(\d+)\.(\d+)\.(\d+)\.txt$`)

// Releases returns the versions of the records in dir ("0.1.0", "0.2.0"), oldest first by
// semantic version. Files of other names are not records.
func Releases(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var vs []string
	for _, e := range ents {
		if releaseFile.MatchString(e.Name()) {
			vs = append(vs, strings.TrimSuffix(e.Name(), ".txt"))
		}
	}
	slices.SortFunc(vs, compareVersions)
	return vs, nil
}

// compareVersions orders two versions "major.minor.patch" by their numbers.
func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := range 3 {
		x, _ := strconv.Atoi(pa[i])
		y, _ := strconv.Atoi(pb[i])
		if x != y {
			return x - y
		}
	}
	return 0
}

// readRecordFile returns the lines of the record of version v in dir.
func readRecordFile(dir, v string) ([]string, error) {
	f, err := os.Open(filepath.Join(dir, v+".txt"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRecord(f)
}

// validVersion reports an error unless v is "major.minor.patch".
func validVersion(v string) error {
	if !releaseFile.MatchString(v + ".txt") {
		return fmt.Errorf("release %q: want major.minor.patch, such as 0.2.0", v)
	}
	return nil
}
